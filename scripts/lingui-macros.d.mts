import type { Plugin } from 'vite';

/** See lingui-macros.mjs. */
export function linguiMacros(): Plugin;
