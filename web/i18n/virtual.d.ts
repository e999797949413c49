declare module 'virtual:i18n/*' {
  export const messages: Record<string, unknown>
}

declare module 'virtual:i18n/area-loaders' {
  export const areaLoaders: Record<string, Record<string, () => Promise<{ messages: Record<string, unknown> }>>>
}
