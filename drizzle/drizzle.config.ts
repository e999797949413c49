// The accounts database (binding DB): accounts, sessions, lists, streams, settings.
import { defineConfig } from 'drizzle-kit'

export default defineConfig({
  dialect: 'sqlite',
  schema: './drizzle/schema.ts',
  out: './migrations',
})
