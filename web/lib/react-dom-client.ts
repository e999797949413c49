/**
 * React's DOM renderer as the entry uses it. This module is bundled into the renderer's own file
 * (web/vite.config.ts), so the renderer's code runs when that file does, in the task a painted
 * page's loader gives it, and not inside the entry's.
 */
export { createRoot, hydrateRoot } from 'react-dom/client'
