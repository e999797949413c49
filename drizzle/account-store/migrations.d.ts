// Types for migrations.js, which drizzle-kit writes: the journal and each migration's SQL.
declare const migrations: {
  journal: { entries: { idx: number; when: number; tag: string; breakpoints: boolean }[] }
  migrations: Record<string, string>
}
export default migrations
