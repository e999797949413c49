/**
 * Wrappers on the other bindings a request costs, beside the D1 counter (d1-counter.ts): KV reads
 * and writes by key, and the single-flight Durable Objects' claims with what each was answered.
 * And a D1 binding that answers each statement a little late, so a test can hold a composition
 * open long enough to send other requests while it runs. Each behaves as the real binding does.
 */
import type { Claim, SingleFlight } from '../../lib/single-flight'

export interface KvCounter {
  kv: KVNamespace
  reads: string[]
  writes: string[]
  deletes: string[]
  reset(): void
}

export function countKv(real: KVNamespace): KvCounter {
  const reads: string[] = []
  const writes: string[] = []
  const deletes: string[] = []
  const kv = new Proxy(real, {
    get(target, property) {
      const value = Reflect.get(target, property, target) as unknown
      if (typeof value !== 'function') return value
      return (...args: unknown[]) => {
        const key = String(args[0])
        if (property === 'get' || property === 'getWithMetadata') reads.push(key)
        if (property === 'put') writes.push(key)
        if (property === 'delete') deletes.push(key)
        return (value as (...a: unknown[]) => unknown).apply(target, args)
      }
    },
  })
  return {
    kv,
    reads,
    writes,
    deletes,
    reset() {
      reads.length = 0
      writes.length = 0
      deletes.length = 0
    },
  }
}

export interface FlightCounter {
  flights: DurableObjectNamespace<SingleFlight>
  /** Every call made on an object: the object's name (its KV key), the method and, for claims, the answer's kind. */
  calls: { name: string; method: string; answer?: Claim['kind'] }[]
  /** Claims answered `kind` (any, when not given), on the object named `name` (any, when not given). */
  claims(kind?: Claim['kind'], name?: string): number
  reset(): void
}

export function countFlights(real: DurableObjectNamespace<SingleFlight>): FlightCounter {
  const calls: FlightCounter['calls'] = []
  const names = new WeakMap<DurableObjectId, string>()
  const flights = new Proxy(real, {
    get(target, property) {
      const value = Reflect.get(target, property, target) as unknown
      if (property === 'idFromName') {
        return (name: string) => {
          const id = target.idFromName(name)
          names.set(id, name)
          return id
        }
      }
      if (property !== 'get') return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value
      return (id: DurableObjectId) => {
        const stub = target.get(id)
        const name = names.get(id) ?? id.toString()
        return {
          async claim(have: number | null, freshMs: number) {
            const call: FlightCounter['calls'][number] = { name, method: 'claim' }
            calls.push(call)
            const answer = await stub.claim(have, freshMs)
            call.answer = answer.kind
            return answer
          },
          async release(token: string, entry: string | null, fetchedAt: number) {
            calls.push({ name, method: 'release' })
            return stub.release(token, entry, fetchedAt)
          },
          async remember(entry: string, fetchedAt: number) {
            calls.push({ name, method: 'remember' })
            return stub.remember(entry, fetchedAt)
          },
        }
      }
    },
  })
  return {
    flights,
    calls,
    claims: (kind, name) => calls.filter((c) => c.method === 'claim' && (kind === undefined || c.answer === kind) && (name === undefined || c.name === name)).length,
    reset: () => {
      calls.length = 0
    },
  }
}

/** A D1 binding whose every statement answers `ms` late. */
export function slowD1(real: D1Database, ms: number): D1Database {
  const later = <T>(work: () => Promise<T>) => new Promise<T>((resolve, reject) => setTimeout(() => work().then(resolve, reject), ms))
  const inners = new WeakMap<object, D1PreparedStatement>()
  const statement = (inner: D1PreparedStatement): D1PreparedStatement => {
    const wrapped = new Proxy(inner, {
      get(target, property) {
        const value = Reflect.get(target, property, target) as unknown
        if (typeof value !== 'function') return value
        if (property === 'bind') return (...args: unknown[]) => statement(target.bind(...args))
        return (...args: unknown[]) => later(() => (value as (...a: unknown[]) => Promise<unknown>).apply(target, args))
      },
    })
    inners.set(wrapped, inner)
    return wrapped
  }
  return new Proxy(real, {
    get(target, property) {
      const value = Reflect.get(target, property, target) as unknown
      if (property === 'prepare') return (sql: string) => statement(target.prepare(sql))
      if (property === 'batch') return (list: D1PreparedStatement[]) => later(() => target.batch(list.map((s) => inners.get(s) ?? s)))
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value
    },
  })
}
