declare module 'virtual:i18n/*' {
  export const messages: Record<string, unknown>
  /** A locale's core catalog only: its page areas (web/i18n/areas.ts). */
  export const areaLoaders: Record<string, () => Promise<{ messages: Record<string, unknown> }>>
}

declare module 'virtual:i18n/loaders' {
  type Messages = { messages: Record<string, unknown> }
  /** Each locale's core catalog, with the loaders of its page areas (web/i18n/areas.ts). */
  export const coreLoaders: Record<string, () => Promise<Messages & { areaLoaders: Record<string, () => Promise<Messages>> }>>
}
