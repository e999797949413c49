/**
 * Text made safe inside HTML or XML markup, in an attribute or between tags: the five characters
 * that could end or open markup become numeric character references.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)
}
