import NProgress from 'nprogress';
import 'nprogress/nprogress.css';

/** The navigation progress bar (spec §1: a progress bar, no spinner). Counted so overlaps nest. */
NProgress.configure({ showSpinner: false, trickleSpeed: 120, minimum: 0.15 });

let active = 0;

export const progress = {
  start(): void {
    active += 1;
    if (active === 1) NProgress.start();
  },
  done(): void {
    active = Math.max(0, active - 1);
    if (active === 0) NProgress.done();
  },
};
