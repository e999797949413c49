/**
 * `npm run start:tmdb-fake`: the fake TMDB (scripts/fake-tmdb.mjs) on FAKE_TMDB_PORT (default 8899)
 * and `npm start` pointed at it, in one command; both stop together.
 */
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { root } from './prepare-local.mjs'
import { startFakeTmdb } from './fake-tmdb.mjs'

const fake = await startFakeTmdb({ log: process.env.FAKE_TMDB_LOG === '1' })
console.log(`fake TMDB on ${fake.url}`)
const child = spawn(process.execPath, [join(root, 'scripts', 'start.mjs')], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, TMDB_API_BASE: fake.apiBase, TMDB_IMAGE_BASE: fake.imageBase, TMDB_READ_TOKEN: 'fake-read-token', TMDB_API_KEY: '' },
})
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal))
child.on('exit', async (code) => {
  await fake.close()
  process.exit(code ?? 0)
})
