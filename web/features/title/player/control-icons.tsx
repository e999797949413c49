/**
 * The icons of the player's controls, inline SVG like the site's others (components/icons.tsx) but
 * kept with the player, so they load with it on Play rather than with every page. Media icons are
 * not mirrored in a right-to-left page: play points right, as the timeline runs.
 */
import type { SVGProps } from 'react'

type IconProps = SVGProps<SVGSVGElement>

function Icon({ children, ...props }: IconProps) {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" {...props}>
      {children}
    </svg>
  )
}

export const PlayGlyph = (p: IconProps) => <Icon fill="currentColor" stroke="none" {...p}><path d="M7 4.5v15a1 1 0 0 0 1.5.86l12.5-7.5a1 1 0 0 0 0-1.72L8.5 3.64A1 1 0 0 0 7 4.5z" /></Icon>
export const PauseGlyph = (p: IconProps) => <Icon fill="currentColor" stroke="none" {...p}><rect x="6" y="4" width="4.5" height="16" rx="1" /><rect x="13.5" y="4" width="4.5" height="16" rx="1" /></Icon>
export const VolumeGlyph = (p: IconProps) => <Icon {...p}><path d="M4 9v6h4l5 4V5L8 9z" fill="currentColor" /><path d="M16.5 8.5a5 5 0 0 1 0 7M19 6a8.5 8.5 0 0 1 0 12" /></Icon>
export const MutedGlyph = (p: IconProps) => <Icon {...p}><path d="M4 9v6h4l5 4V5L8 9z" fill="currentColor" /><path d="m17 9 5 6m0-6-5 6" /></Icon>
export const SettingsGlyph = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="12" cy="12" r="3" />
    <path d="M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z" />
  </Icon>
)
export const FullscreenGlyph = (p: IconProps) => <Icon {...p}><path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" /></Icon>
export const ExitFullscreenGlyph = (p: IconProps) => <Icon {...p}><path d="M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5" /></Icon>
export const PictureInPictureGlyph = (p: IconProps) => <Icon {...p}><rect x="2.5" y="4.5" width="19" height="15" rx="2" /><rect x="12" y="11.5" width="7" height="5.5" rx="1" fill="currentColor" stroke="none" /></Icon>
export const TheatreGlyph = (p: IconProps) => <Icon {...p}><rect x="2" y="6" width="20" height="12" rx="2" /></Icon>
export const CastGlyph = (p: IconProps) => <Icon {...p}><path d="M2 16a5 5 0 0 1 5 5M2 12a9 9 0 0 1 9 9M2 8V6a2 2 0 0 1 2-2h16a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-6" /><path d="M2 20h.01" /></Icon>
export const BackGlyph = (p: IconProps) => <Icon {...p}><path d="m15 18-6-6 6-6" /></Icon>
export const NextGlyph = (p: IconProps) => <Icon {...p}><path d="m9 18 6-6-6-6" /></Icon>
export const CheckGlyph = (p: IconProps) => <Icon {...p}><path d="m5 12 5 5 9-10" /></Icon>
export const RewindGlyph = (p: IconProps) => <Icon fill="currentColor" stroke="none" {...p}><path d="M11 6v12l-8.5-6zM21 6v12l-8.5-6z" /></Icon>
export const ForwardGlyph = (p: IconProps) => <Icon fill="currentColor" stroke="none" {...p}><path d="M13 6v12l8.5-6zM3 6v12l8.5-6z" /></Icon>
