/*
 * Fetches the opened page's own code at once, alongside the app's entry, rather than after the entry
 * has run (apps/web/route-preload.ts builds the table this reads; a plain script, allowed by the
 * CSP's script-src 'self'). Module scripts as modulepreload links, stylesheets as stylesheet links,
 * each as Vite would add it, so the router's later import finds them and adds no second request.
 */
(() => {
  const tableElement = document.getElementById('route-preload');
  if (tableElement === null) return;
  let table;
  try {
    table = JSON.parse(tableElement.textContent);
  } catch {
    return;
  }
  const here = window.location.pathname;
  const route = table.routes.find(([pattern]) => new RegExp(pattern).test(here));
  if (route === undefined) return;
  for (const index of route[1]) {
    const file = table.files[index];
    const link = document.createElement('link');
    if (file.endsWith('.css')) {
      link.rel = 'stylesheet';
    } else {
      link.rel = 'modulepreload';
      link.crossOrigin = '';
    }
    link.setAttribute('href', file);
    document.head.appendChild(link);
  }
})();
