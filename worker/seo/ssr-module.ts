/**
 * The shape of `reelhouse-ssr` for the type checker (worker/tsconfig.json's `paths`): the module
 * itself is the web app's server build, dist-ssr/render.js, which wrangler.toml's alias bundles.
 */
import type { RenderApp } from './ssr-contract'

export declare const renderApp: RenderApp
