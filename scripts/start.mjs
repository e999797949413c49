/**
 * `npm start`: prepares local state (see prepare-local.mjs) and runs the Worker with
 * `wrangler dev` on http://localhost:8787 (PORT overrides), using local D1 and KV.
 * TMDB settings in the environment (TMDB_API_BASE, TMDB_IMAGE_BASE, TMDB_API_KEY, TMDB_READ_TOKEN,
 * TMDB_WATCH_REGION) are handed to the worker, so one command runs the site against TMDB, a proxy
 * or the fake TMDB (scripts/fake-tmdb.mjs).
 */
import { spawn } from 'node:child_process'
import { prepareLocal, root, wranglerBin, wranglerEnv, persistArgs, tmdbVarArgs } from './prepare-local.mjs'

const port = process.env.PORT ?? '8787'
const persistTo = process.env.PERSIST_TO || undefined

await prepareLocal({ persistTo })

const child = spawn(
  wranglerBin,
  ['dev', '--port', port, '--ip', '127.0.0.1', '--show-interactive-dev-session=false', ...persistArgs(persistTo), ...tmdbVarArgs(process.env)],
  { cwd: root, stdio: 'inherit', env: wranglerEnv },
)
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal))
child.on('exit', (code) => process.exit(code ?? 0))
