import { defineConfig } from 'drizzle-kit'

// The tables of each account's Durable Object (drizzle/account-store.ts), migrated when the object starts.
export default defineConfig({
  dialect: 'sqlite',
  driver: 'durable-sqlite',
  schema: './drizzle/account-store.ts',
  out: './drizzle/account-store',
})
