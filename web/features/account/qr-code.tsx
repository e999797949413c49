/**
 * A QR code drawn in the page as SVG (no image from anywhere else): the authenticator app's
 * set-up address, for a phone's camera. Each dark module is a unit square of one path, on a white
 * field with a quiet zone of four modules, as scanners expect.
 */
import { encode } from 'uqr'

export function QrCode({ text, label, size = 192 }: { text: string; label: string; size?: number }) {
  const { data } = encode(text, { ecc: 'M', border: 4 })
  const modules = data.length
  let path = ''
  data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`
    })
  })
  return (
    <svg role="img" aria-label={label} viewBox={`0 0 ${modules} ${modules}`} width={size} height={size} shapeRendering="crispEdges" className="rounded-lg">
      <rect width={modules} height={modules} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  )
}
