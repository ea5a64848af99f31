// rc-resize-observer (antd) imports `resize-observer-polyfill`; every browser the app supports has
// ResizeObserver, so the build aliases the polyfill (~3.5 KB gzip on every page) to the native one.
export default globalThis.ResizeObserver;
