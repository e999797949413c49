/**
 * Counts what a request asks of a D1 database, for the cost budgets (docs/SCALING.md): every
 * statement that runs through the binding, alone or in a batch, with its SQL and bound values,
 * and the rows it wrote. A D1 binding wrapped here behaves exactly as the real one; only the
 * counting is added.
 *
 * Rows read: Drizzle reads through `raw()`, whose answer carries no `meta`, so `rowsRead()` runs
 * each recorded read-only statement again through `all()` and sums its `meta.rows_read` (reads
 * have no side effects, so running them twice changes nothing).
 */

export interface CountedStatement {
  sql: string
  params: unknown[]
  /** True for statements that change nothing (SELECT, EXPLAIN, and WITH ... SELECT). */
  readOnly: boolean
  rowsWritten: number
}

export interface D1Counter {
  /** The binding to hand to the worker in place of the real one. */
  db: D1Database
  statements: CountedStatement[]
  queries(): number
  writes(): number
  rowsWritten(): number
  /** Rows read by the recorded statements, measured by running the read-only ones again. */
  rowsRead(): Promise<number>
  reset(): void
}

function isReadOnly(sql: string): boolean {
  const head = sql.trimStart().slice(0, 12).toLowerCase()
  if (head.startsWith('select') || head.startsWith('explain')) return true
  if (!head.startsWith('with')) return false
  return !/\b(insert|update|delete|replace)\b/i.test(sql)
}

function writtenBy(result: unknown): number {
  const meta = (result as { meta?: { rows_written?: number; changes?: number } } | null)?.meta
  return meta?.rows_written ?? meta?.changes ?? 0
}

/** Wraps a D1 binding (`env.DB`) so that everything run through it is counted. */
export function countD1(real: D1Database): D1Counter {
  const statements: CountedStatement[] = []
  const known = new WeakMap<object, { statement: D1PreparedStatement; sql: string; params: unknown[] }>()

  const record = (sql: string, params: unknown[]): CountedStatement => {
    const entry: CountedStatement = { sql, params, readOnly: isReadOnly(sql), rowsWritten: 0 }
    statements.push(entry)
    return entry
  }

  function wrapStatement(sql: string, statement: D1PreparedStatement, params: unknown[] = []): D1PreparedStatement {
    const wrapped = {
      bind: (...values: unknown[]) => wrapStatement(sql, statement.bind(...values), values),
      async first(column?: string) {
        const entry = record(sql, params)
        const result = await statement.all()
        entry.rowsWritten = writtenBy(result)
        const row = (result.results[0] ?? null) as Record<string, unknown> | null
        return column === undefined ? row : row ? (row[column] ?? null) : null
      },
      async run() {
        const entry = record(sql, params)
        const result = await statement.run()
        entry.rowsWritten = writtenBy(result)
        return result
      },
      async all() {
        const entry = record(sql, params)
        const result = await statement.all()
        entry.rowsWritten = writtenBy(result)
        return result
      },
      async raw(options?: { columnNames?: boolean }) {
        const entry = record(sql, params)
        const rows = options?.columnNames ? await statement.raw({ columnNames: true }) : await statement.raw()
        // raw() answers no meta: a write's rows are those it returned (RETURNING), at least one
        if (!entry.readOnly) entry.rowsWritten = Math.max(1, rows.length)
        return rows
      },
    } as unknown as D1PreparedStatement
    known.set(wrapped, { statement, sql, params })
    return wrapped
  }

  const db = {
    prepare: (sql: string) => wrapStatement(sql, real.prepare(sql)),
    async batch(list: D1PreparedStatement[]) {
      const parts = list.map((wrapped) => known.get(wrapped) ?? { statement: wrapped, sql: '(not prepared through the counter)', params: [] })
      const entries = parts.map((part) => record(part.sql, part.params))
      const results = await real.batch(parts.map((part) => part.statement))
      results.forEach((result, index) => {
        const entry = entries[index]
        if (entry) entry.rowsWritten = writtenBy(result)
      })
      return results
    },
    async exec(query: string) {
      record(query, [])
      return real.exec(query)
    },
    withSession() {
      throw new Error('countD1: the request used withSession; count the session it made instead')
    },
    dump: () => real.dump(),
  } as unknown as D1Database

  return {
    db,
    statements,
    queries: () => statements.length,
    writes: () => statements.filter((s) => !s.readOnly).length,
    rowsWritten: () => statements.reduce((sum, s) => sum + s.rowsWritten, 0),
    async rowsRead() {
      let total = 0
      for (const s of statements) {
        if (!s.readOnly) continue
        const result = await real.prepare(s.sql).bind(...s.params).all()
        total += result.meta.rows_read ?? 0
      }
      return total
    },
    reset: () => {
      statements.length = 0
    },
  }
}
