/**
 * Starts the real site for the browser tests: a fresh local D1/KV state under .wrangler/e2e-PORT,
 * migrations and the embedded catalogue applied, `wrangler dev` on E2E_PORT (default 8788).
 * It refuses to start when anything already listens on that port, so the suite never tests a
 * server it did not start. The base URL reaches the tests through `inject('baseUrl')`.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { sitePorts } from './sites'
// @ts-expect-error plain ESM script without type declarations
import { persistArgs, prepareLocal, root, wranglerBin, wranglerEnv } from '../scripts/prepare-local.mjs'

const servers: ChildProcess[] = []

async function waitForPing(url: string, child: ChildProcess, ms: number) {
  const deadline = Date.now() + ms
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited with ${child.exitCode}`)
    try {
      const res = await fetch(`${url}/api/ping`)
      if (res.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300))
  }
  throw new Error(`the site did not answer on ${url} within ${ms} ms`)
}

/**
 * Resolves when nothing listens on `port` at `host`; rejects when something does, so the suite
 * never tests a server it did not start. A host this machine does not have (no IPv6) is no conflict.
 */
function portIsFree(port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EADDRNOTAVAIL' || err.code === 'EAFNOSUPPORT') resolve()
      else reject(new Error(`port ${port} on ${host} is already in use (${err.code}): stop whatever listens there or choose another E2E_PORT`))
    })
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve()))
  })
}

/** One site on `port` from fresh local state; resolves with its address once it answers. */
async function startSite(port: string): Promise<string> {
  // the tests reach the site as 127.0.0.1 and as localhost (passkeys need a domain)
  for (const host of ['127.0.0.1', '::1']) await portIsFree(Number(port), host)
  const persistTo = join(root, '.wrangler', `e2e-${port}`)
  rmSync(persistTo, { recursive: true, force: true })
  await prepareLocal({ persistTo })
  const server = spawn(
    wranglerBin,
    // --test-scheduled: a journey runs the Cron Triggers through /__scheduled?cron=...
    ['dev', '--port', port, '--ip', '127.0.0.1', '--show-interactive-dev-session=false', '--test-scheduled', ...persistArgs(persistTo)],
    { cwd: root, env: wranglerEnv, stdio: ['ignore', 'pipe', 'pipe'] },
  )
  servers.push(server)
  let log = ''
  server.stdout?.on('data', (d) => (log += d))
  server.stderr?.on('data', (d) => (log += d))
  // E2E_SERVER_LOG=file keeps everything the servers print, for reading a run afterwards.
  if (process.env.E2E_SERVER_LOG) {
    const { appendFileSync } = await import('node:fs')
    server.stdout?.on('data', (d) => appendFileSync(process.env.E2E_SERVER_LOG!, d))
    server.stderr?.on('data', (d) => appendFileSync(process.env.E2E_SERVER_LOG!, d))
  }
  const baseUrl = `http://127.0.0.1:${port}`
  try {
    await waitForPing(baseUrl, server, 60_000)
  } catch (err) {
    console.error(log)
    throw err
  }
  return baseUrl
}

export default async function setup(project: TestProject) {
  const stop = async () => {
    for (const server of servers) server.kill('SIGTERM')
    await new Promise((r) => setTimeout(r, 300))
    for (const server of servers) if (server.exitCode === null) server.kill('SIGKILL')
  }
  // One after another: two starting at once would race for wrangler's inspector port and for the
  // files the local preparation writes.
  const baseUrls: string[] = []
  try {
    for (const port of sitePorts()) baseUrls.push(await startSite(String(port)))
  } catch (err) {
    await stop()
    throw err
  }
  project.provide('baseUrls', baseUrls)
  return stop
}
