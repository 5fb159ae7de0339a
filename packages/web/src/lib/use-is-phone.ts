import { useMediaQuery } from './use-media-query.ts';

/** Below this width the product is laid out for a phone (docs/product/constants.md's tablet break is 768). */
export const PHONE_MAX_WIDTH = 767;
export const PHONE_QUERY = `(max-width: ${PHONE_MAX_WIDTH}px)`;

/** True on a phone-width screen, following rotation and resizes. */
export function useIsPhone(): boolean {
  return useMediaQuery(PHONE_QUERY);
}
