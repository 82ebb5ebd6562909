/**
 * The SSRF guard of DESIGN §7: a tool may only call http(s) URLs whose host resolves to public addresses.
 * Private, loopback, link-local (the cloud metadata address among them), unspecified, shared (CGNAT),
 * multicast and reserved addresses are refused unless TOOL_ALLOWED_HOSTS lists the host, `host:port`, the
 * address or `address:port`. IPv6 addresses that carry an IPv4 address (IPv4-mapped ::ffff:0:0/96, IPv4-translated
 * ::ffff:0:0:0/96, NAT64 64:ff9b::/96, 6to4 2002::/16, IPv4-compatible ::/96) are judged by the IPv4 address they
 * carry; an IPv4-mapped address is the same host as its IPv4 address for the allow-list too.
 *
 * Every address the host resolves to is checked (not only the first), and the caller connects to exactly the
 * addresses checked here (see guarded-fetch.ts), so a DNS answer that changes between the check and the
 * connection (DNS rebinding) cannot reach a private address.
 */
import dns from 'node:dns';
import net from 'node:net';

export class SsrfRefusedError extends Error {
  override readonly name = 'SsrfRefusedError';
}

/** The refusal behind an error (fetch and the MCP SDK wrap the errors of what they call), or null. */
export function findSsrfRefusal(error: unknown): SsrfRefusedError | null {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current; depth += 1) {
    if (current instanceof SsrfRefusedError) return current;
    current = current instanceof Error ? current.cause : undefined;
  }
  return null;
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to all its addresses (dns.lookup by default; tests pass their own). */
export type HostResolver = (hostname: string) => Promise<ResolvedAddress[]>;

export interface CheckedTarget {
  url: URL;
  /** The host without IPv6 brackets, lower case, without a trailing dot. */
  hostname: string;
  /** The port the connection uses (the scheme's default when the URL names none). */
  port: string;
  /** The addresses to connect to: all checked. */
  addresses: ResolvedAddress[];
}

const ALLOW_HINT = '(allow it with TOOL_ALLOWED_HOSTS)';

// ---------------------------------------------------------------------------------------------
// Addresses

export function parseIPv4(ip: string): number | null {
  if (!net.isIPv4(ip)) return null;
  return ip.split('.').reduce((acc, part) => acc * 256 + Number(part), 0);
}

export function parseIPv6(ip: string): bigint | null {
  let s = ip.split('%')[0]!; // zone id (fe80::1%eth0)
  if (!net.isIPv6(s)) return null;
  const lastColon = s.lastIndexOf(':');
  const last = s.slice(lastColon + 1);
  if (last.includes('.')) {
    const v4 = parseIPv4(last);
    if (v4 === null) return null;
    s = `${s.slice(0, lastColon + 1)}${Math.floor(v4 / 65536).toString(16)}:${(v4 % 65536).toString(16)}`;
  }
  const compressed = s.includes('::');
  const [head = '', tail = ''] = compressed ? s.split('::') : [s, ''];
  const headGroups = head ? head.split(':') : [];
  const tailGroups = compressed && tail ? tail.split(':') : [];
  const zeros = compressed ? 8 - headGroups.length - tailGroups.length : 0;
  const groups = [...headGroups, ...Array<string>(Math.max(zeros, 0)).fill('0'), ...tailGroups];
  if (groups.length !== 8) return null;
  return groups.reduce((acc, g) => (acc << 16n) | BigInt(Number.parseInt(g, 16)), 0n);
}

function formatIPv4(value: number): string {
  return [24, 16, 8, 0].map((shift) => Math.floor(value / 2 ** shift) % 256).join('.');
}

type Reason = string;

const V4_RANGES: [string, number, Reason][] = [
  ['169.254.169.254', 32, 'the cloud metadata address'],
  ['255.255.255.255', 32, 'the broadcast address'],
  ['0.0.0.0', 8, 'an unspecified address'],
  ['127.0.0.0', 8, 'a loopback address'],
  ['10.0.0.0', 8, 'a private address'],
  ['172.16.0.0', 12, 'a private address'],
  ['192.168.0.0', 16, 'a private address'],
  ['169.254.0.0', 16, 'a link-local address'],
  ['100.64.0.0', 10, 'a shared (CGNAT) address'],
  ['224.0.0.0', 4, 'a multicast address'],
  ['192.0.0.0', 24, 'a reserved address'],
  ['192.0.2.0', 24, 'a reserved (documentation) address'],
  ['198.51.100.0', 24, 'a reserved (documentation) address'],
  ['203.0.113.0', 24, 'a reserved (documentation) address'],
  ['198.18.0.0', 15, 'a reserved (benchmarking) address'],
  ['240.0.0.0', 4, 'a reserved address'],
];
const V4_TABLE = V4_RANGES.map(([network, prefix, reason]) => ({ network: parseIPv4(network)!, prefix, reason }));

/**
 * IPv6 ranges, first match wins. The ranges that carry an IPv4 address (`embedded`: in their last 32 bits, or in
 * 6to4's bits 16–47) are judged by that address: refused for the reason it would be refused itself, else allowed, or
 * refused anyway with `otherwise` (IPv4-compatible addresses are deprecated and never valid on the wire).
 */
type V6Rule = Reason | { embedded: 'low32' | '6to4'; otherwise?: Reason };
const V6_RANGES: [string, number, V6Rule][] = [
  ['::', 128, 'an unspecified address'],
  ['::1', 128, 'a loopback address'],
  ['::ffff:0:0', 96, { embedded: 'low32' }], // IPv4-mapped
  ['::ffff:0:0:0', 96, { embedded: 'low32' }], // IPv4-translated (SIIT)
  ['64:ff9b::', 96, { embedded: 'low32' }], // NAT64
  ['2002::', 16, { embedded: '6to4' }],
  ['::', 96, { embedded: 'low32', otherwise: 'a reserved (IPv4-compatible) address' }],
  ['64:ff9b:1::', 48, 'a reserved address'],
  ['100::', 64, 'a reserved (discard) address'],
  ['2001::', 32, 'a reserved (Teredo) address'],
  ['2001:db8::', 32, 'a reserved (documentation) address'],
  ['fc00::', 7, 'a private (unique local) address'],
  ['fe80::', 10, 'a link-local address'],
  ['fec0::', 10, 'a private (site-local) address'],
  ['ff00::', 8, 'a multicast address'],
];
const V6_TABLE = V6_RANGES.map(([network, prefix, reason]) => ({ network: parseIPv6(network)!, prefix: BigInt(prefix), reason }));

function v4Problem(value: number): Reason | null {
  for (const range of V4_TABLE) {
    const size = 2 ** (32 - range.prefix);
    if (Math.floor(value / size) === Math.floor(range.network / size)) return range.reason;
  }
  return null;
}

/** The IPv4 address an IPv4-mapped IPv6 address (::ffff:a.b.c.d) stands for: the same host, another spelling. */
function mappedIPv4(v6: bigint): number | null {
  return v6 >> 32n === 0xffffn ? Number(v6 & 0xffffffffn) : null;
}

/**
 * Why an address may not be called (e.g. "a loopback address"), or null for a public address. Anything that
 * is not an IP address is refused too.
 */
export function addressProblem(ip: string): Reason | null {
  const v4 = parseIPv4(ip);
  if (v4 !== null) return v4Problem(v4);
  const v6 = parseIPv6(ip);
  if (v6 === null) return 'not an IP address';
  for (const range of V6_TABLE) {
    const shift = 128n - range.prefix;
    if (v6 >> shift !== range.network >> shift) continue;
    if (typeof range.reason === 'string') return range.reason;
    const embedded = range.reason.embedded === 'low32' ? v6 & 0xffffffffn : (v6 >> 80n) & 0xffffffffn;
    const problem = v4Problem(Number(embedded));
    return problem ? `${problem} (${formatIPv4(Number(embedded))} inside an IPv6 address)` : (range.reason.otherwise ?? null);
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// The allow-list (TOOL_ALLOWED_HOSTS)

/**
 * A host in one spelling: lower case, no brackets, no trailing dot; IPv6 addresses in one canonical form, and an
 * IPv4-mapped one as the IPv4 address it stands for (so `127.0.0.1` in TOOL_ALLOWED_HOSTS also lets
 * `[::ffff:127.0.0.1]` through, and nothing else).
 */
function canonicalHost(host: string): string {
  let h = host.trim().toLowerCase();
  if (h.startsWith('[') && h.endsWith(']')) h = h.slice(1, -1);
  if (h.endsWith('.')) h = h.slice(0, -1);
  const v6 = parseIPv6(h);
  if (v6 === null) return h;
  const v4 = mappedIPv4(v6);
  return v4 === null ? `ipv6:${v6.toString(16)}` : formatIPv4(v4);
}

interface AllowEntry {
  host: string;
  port: string | null;
}

/** `localhost`, `10.0.0.5`, `api.internal:8443`, `::1`, `[::1]:8080`. */
export function parseAllowEntry(entry: string): AllowEntry | null {
  const e = entry.trim().toLowerCase();
  if (!e) return null;
  if (e.startsWith('[')) {
    const m = /^\[([^\]]+)\](?::(\d+))?$/.exec(e);
    return m ? { host: canonicalHost(m[1]!), port: m[2] ?? null } : null;
  }
  const colons = e.split(':').length - 1;
  if (colons === 1) {
    const [host, port] = e.split(':') as [string, string];
    return /^\d+$/.test(port) ? { host: canonicalHost(host), port } : null;
  }
  return { host: canonicalHost(e), port: null };
}

export function isHostAllowed(host: string, port: string, allowedHosts: readonly string[]): boolean {
  const wanted = canonicalHost(host);
  return allowedHosts.some((entry) => {
    const allowed = parseAllowEntry(entry);
    return allowed !== null && allowed.host === wanted && (allowed.port === null || allowed.port === port);
  });
}

// ---------------------------------------------------------------------------------------------
// Checking a URL

export const dnsResolver: HostResolver = async (hostname) => {
  const found = await dns.promises.lookup(hostname, { all: true, order: 'verbatim' });
  return found.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

function abortable<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

export interface CheckUrlOptions {
  resolve?: HostResolver;
  signal?: AbortSignal;
}

/**
 * Checks a URL before anything is sent to it: the scheme, then every address its host resolves to. Throws
 * SsrfRefusedError when refused; a host that does not resolve throws an ordinary (network) error.
 */
export async function checkUrl(url: URL, allowedHosts: readonly string[], options: CheckUrlOptions = {}): Promise<CheckedTarget> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new SsrfRefusedError(`Refused: only http and https URLs can be called, not ${url.protocol.replace(/:$/, '')}`);
  }
  let hostname = url.hostname.toLowerCase();
  if (hostname.startsWith('[') && hostname.endsWith(']')) hostname = hostname.slice(1, -1);
  if (hostname.endsWith('.')) hostname = hostname.slice(0, -1);
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  const literal = net.isIP(hostname);

  let addresses: ResolvedAddress[];
  if (literal) {
    addresses = [{ address: hostname, family: literal === 6 ? 6 : 4 }];
  } else {
    try {
      addresses = await abortable((options.resolve ?? dnsResolver)(hostname), options.signal);
    } catch (error) {
      if (options.signal?.aborted) throw error;
      const code = (error as NodeJS.ErrnoException).code;
      throw new Error(`Could not resolve ${hostname}${code ? ` (${code})` : ''}`, { cause: error });
    }
    if (addresses.length === 0) throw new Error(`Could not resolve ${hostname}`);
  }

  const hostAllowed = isHostAllowed(hostname, port, allowedHosts);
  for (const { address } of addresses) {
    const problem = addressProblem(address);
    if (!problem || hostAllowed || isHostAllowed(address, port, allowedHosts)) continue;
    throw new SsrfRefusedError(
      literal ? `Refused: ${address} is ${problem} ${ALLOW_HINT}` : `Refused: ${hostname} resolves to ${address}, ${problem} ${ALLOW_HINT}`,
    );
  }
  return { url, hostname, port, addresses };
}
