-- Rate limit counters shared by every process on one PostgreSQL (issue 18): sign-in and sign-up per client address,
-- intake per API key. One row per key and fixed window; a hit is one upsert. Unlogged: counters need no crash
-- safety (a crash of the database server empties them, as a restart of one process emptied the in-memory ones).
create unlogged table rate_limit_counters (
  key text not null,
  window_start timestamptz not null,
  hits integer not null,
  primary key (key, window_start)
);
create index rate_limit_counters_window_idx on rate_limit_counters (window_start);
