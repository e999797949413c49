// Reading the first screen the worker paints into a page's HTML (worker/seo/ssr.ts).

/** What the page holds inside #root: the first screen the worker painted, or nothing. */
export function rootOf(body: string): string {
  const start = body.indexOf('<div id="root">') + '<div id="root">'.length
  return body.slice(start, body.lastIndexOf('</div>', body.indexOf('</body>')))
}

/** The text of painted markup, its character references read back. */
export function paintedText(markup: string): string {
  const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }
  return markup
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(?:#x([0-9a-f]+)|#(\d+)|(\w+));/gi, (all, hex: string, dec: string, name: string) =>
      hex ? String.fromCodePoint(parseInt(hex, 16)) : dec ? String.fromCodePoint(Number(dec)) : (named[name] ?? all),
    )
}
