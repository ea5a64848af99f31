/**
 * The navigation progress bar (spec §1: a progress bar, no spinner), nprogress's look without the
 * library (~3 KB gzip on /login, issue 16's budget): a 2 px bar at the top (#nprogress .bar, styled
 * in global.css) that creeps towards the end while something loads and completes, then fades, when
 * it is done. Counted so overlaps nest.
 */

const MINIMUM = 0.15;
const TRICKLE_MS = 120;
const SPEED_MS = 200;

let active = 0;
let status: number | null = null;
let bar: HTMLElement | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;

function render(): HTMLElement {
  if (bar?.isConnected) return bar;
  const root = document.createElement('div');
  root.id = 'nprogress';
  root.setAttribute('aria-hidden', 'true');
  root.innerHTML = '<div class="bar"><div class="peg"></div></div>';
  document.body.appendChild(root);
  bar = root.firstElementChild as HTMLElement;
  bar.style.transform = 'translate3d(-100%,0,0)';
  return bar;
}

function set(n: number): void {
  status = n;
  const el = render();
  el.style.transition = `transform ${SPEED_MS}ms ease`;
  el.style.transform = `translate3d(${(n - 1) * 100}%,0,0)`;
}

/** Smaller steps the nearer the end, never reaching it. */
function trickle(): void {
  if (status === null) return;
  const n = status;
  const step = n < 0.2 ? 0.1 : n < 0.5 ? 0.04 : n < 0.8 ? 0.02 : n < 0.99 ? 0.005 : 0;
  set(Math.min(n + step, 0.994));
  timer = setTimeout(trickle, TRICKLE_MS);
}

function begin(): void {
  clearTimeout(timer);
  const el = render();
  el.parentElement!.style.opacity = '1';
  el.parentElement!.style.transition = '';
  set(Math.max(status ?? 0, MINIMUM));
  timer = setTimeout(trickle, TRICKLE_MS);
}

function finish(): void {
  clearTimeout(timer);
  if (status === null) return;
  set(1);
  const root = bar?.parentElement;
  timer = setTimeout(() => {
    if (root) {
      root.style.transition = `opacity ${SPEED_MS}ms linear`;
      root.style.opacity = '0';
    }
    timer = setTimeout(() => {
      status = null;
      root?.remove();
      bar = null;
    }, SPEED_MS);
  }, SPEED_MS);
}

export const progress = {
  start(): void {
    active += 1;
    if (active === 1) begin();
  },
  done(): void {
    active = Math.max(0, active - 1);
    if (active === 0) finish();
  },
};
