declare module 'virtual:i18n/*' {
  export const messages: Record<string, unknown>
}

declare module 'virtual:i18n/loaders' {
  type Load = () => Promise<{ messages: Record<string, unknown> }>
  /** Each locale's core catalog. */
  export const coreLoaders: Record<string, Load>
  /** Each locale's page areas (web/i18n/areas.ts). */
  export const areaLoaders: Record<string, Record<string, Load>>
}
