import { createRoot, type Root } from 'react-dom/client';
import { unstableSetRender } from 'antd-mobile/es/utils/unstable-render';

/**
 * antd-mobile 5 renders its imperative pieces (Toast.show, Dialog.alert) with the legacy
 * ReactDOM.render, which React 19 removed; without this hook Toast.show throws. This is the
 * adapter antd-mobile documents for React 19 ("v5-for-19").
 */
const roots = new WeakMap<Element | DocumentFragment, Root>();

unstableSetRender((node, container) => {
  let root = roots.get(container);
  if (!root) {
    root = createRoot(container);
    roots.set(container, root);
  }
  root.render(node);
  return async () => {
    // let the closing animation's last render finish before tearing the root down
    await new Promise((resolve) => setTimeout(resolve, 0));
    root.unmount();
    roots.delete(container);
  };
});
