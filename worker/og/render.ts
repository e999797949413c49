/**
 * SVG to PNG in the worker: resvg compiled to WebAssembly, with the share cards' own font (Inter,
 * subset, worker/og/fonts.ts), the pieces of Noto Sans a card's other scripts need
 * (worker/og/script-fonts.ts), and no system fonts, so a card renders the same everywhere. The
 * module is instantiated once per isolate, on the first card, so no other request pays for it.
 */
import { initWasm, Resvg } from '@resvg/resvg-wasm'
import resvgModule from '@resvg/resvg-wasm/index_bg.wasm'
import { escapeHtml } from '../lib/escape'
import { INTER_BOLD, INTER_REGULAR } from './fonts'

let ready: Promise<void> | null = null
let fonts: Uint8Array[] | null = null

function decode(base64: string): Uint8Array {
  const bytes = atob(base64)
  const out = new Uint8Array(bytes.length)
  for (let i = 0; i < bytes.length; i++) out[i] = bytes.charCodeAt(i)
  return out
}

/** Inter's bold and regular, decoded, once the renderer has started. */
export async function interFonts(): Promise<Uint8Array[]> {
  return start()
}

async function start(): Promise<Uint8Array[]> {
  ready ??= initWasm(resvgModule).catch((err: unknown) => {
    ready = null
    throw err
  })
  await ready
  fonts ??= [decode(INTER_BOLD), decode(INTER_REGULAR)]
  return fonts
}

function options(fontBuffers: Uint8Array[]) {
  return {
    font: { fontBuffers, loadSystemFonts: false, defaultFontFamily: 'Inter', sansSerifFamily: 'Inter' },
    shapeRendering: 2 as const,
    textRendering: 1 as const,
  }
}

/** The SVG drawn at its own size, as PNG bytes, with Inter and any `fonts` the card's text needs. */
export async function svgToPng(svg: string, fonts?: Uint8Array[]): Promise<ArrayBuffer> {
  const inter = await start()
  const resvg = new Resvg(svg, options(fonts ?? inter))
  try {
    const image = resvg.render()
    try {
      const png = image.asPng()
      return png.buffer.slice(png.byteOffset, png.byteOffset + png.byteLength) as ArrayBuffer
    } finally {
      image.free()
    }
  } finally {
    resvg.free()
  }
}

/**
 * Measures runs of text as the renderer sets them: the width in pixels of each, at the given size
 * and weight, in the cards' font or the family a run names (one of `fonts`). Used to wrap, fit and
 * place titles, which SVG cannot do by itself.
 */
export async function textWidths(lines: Array<string | { text: string; family: string }>, fontSize: number, weight: 400 | 700, fonts?: Uint8Array[]): Promise<number[]> {
  const fontBuffers = fonts ?? (await start())
  await start()
  const widths: number[] = []
  for (const line of lines) {
    const { text, family } = typeof line === 'string' ? { text: line, family: 'Inter' } : line
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="4000" height="${fontSize * 2}"><text x="0" y="${fontSize * 1.5}" font-family="${escapeHtml(family)}" font-size="${fontSize}" font-weight="${weight}" xml:space="preserve">${escapeHtml(text)}</text></svg>`
    const resvg = new Resvg(svg, options(fontBuffers))
    try {
      widths.push(resvg.getBBox()?.width ?? 0)
    } finally {
      resvg.free()
    }
  }
  return widths
}
