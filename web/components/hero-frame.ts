/**
 * The hero's footprint and its backdrop's place, shared by the carousel and its skeleton so the
 * page does not move when the hero arrives. Below lg the backdrop is a 16:9 picture across the top
 * with the text under its lower edge, so a phone's first screen holds the picture, the title and
 * the actions and nothing empty; the height follows the width, capped by the screen for phones
 * held sideways. From lg the backdrop fills a taller hero behind the text.
 */
export const heroFrame = 'relative w-full h-[calc(56.25vw+15rem)] max-h-[calc(100svh-3.5rem)] min-h-[22rem] lg:h-[68vh] lg:max-h-[760px] lg:min-h-[420px]'

export const heroBackdrop = 'absolute inset-x-0 top-0 aspect-video w-full lg:inset-0 lg:aspect-auto lg:h-full'
