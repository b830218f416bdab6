import type Sharp from 'sharp';

let loading: Promise<typeof Sharp> | undefined;

/**
 * sharp (libvips, about 30 MiB resident) loads with the first image a process handles, not at boot: a
 * server that restarts and sits idle never needs it. Every image is decoded once, so libvips's operation
 * cache (50 MB by default) would only hold memory after an upload or the demo seed's avatars.
 */
export function loadSharp(): Promise<typeof Sharp> {
  return (loading ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  }));
}
