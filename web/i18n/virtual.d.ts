declare module 'virtual:i18n/*' {
  export const messages: Record<string, unknown>
}
