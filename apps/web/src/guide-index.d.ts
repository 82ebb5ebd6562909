/** Each guide page's title and summary by slug, worked out at build time (apps/web/build/guide-index.ts). */
declare module 'virtual:guide-index' {
  const index: Readonly<Record<string, { title: string; summary: string }>>;
  export default index;
}
