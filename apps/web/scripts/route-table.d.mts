export function readLazyRoutes(webDir: string): { module: string; url: string; layouts: string[] }[];
