import { useEffect, useState } from 'react';
import { topBarHeight } from '@summit/domain/constants';
import { isMiniProgram } from '../../lib/platform.ts';

/** 80 px at ≥ 1188 px wide, 60 px below, 0 inside the mini-program (docs/product/constants.md), following resizes. */
export function useTopBarHeight(): number {
  const [height, setHeight] = useState(() =>
    typeof window === 'undefined' ? 60 : topBarHeight(window.innerWidth, isMiniProgram()),
  );
  useEffect(() => {
    const update = () => setHeight(topBarHeight(window.innerWidth, isMiniProgram()));
    update();
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
  return height;
}
