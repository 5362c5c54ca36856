import { readFileSync } from "node:fs"
import { fileURLToPath } from "node:url"
import { defineConfig } from "vite"

const kit = (path) => fileURLToPath(new URL(`../storefront/src/${path}`, import.meta.url))

/** `vite` (dev): /config.json from the running demo's .demo/demo.json (built: scripts/lib/storefront-server.js). */
const demoConfig = {
  name: "demo-config",
  configureServer(server) {
    server.middlewares.use("/config.json", (_req, res) => {
      try {
        const demo = JSON.parse(readFileSync(new URL("../.demo/demo.json", import.meta.url), "utf8"))
        res.setHeader("content-type", "application/json")
        res.end(JSON.stringify({ backend_url: demo.backend_url, publishable_key: demo.publishable_key, region_id: demo.region_id }))
      } catch {
        res.statusCode = 503
        res.end(JSON.stringify({ message: "Start the demo first: npm run demo (it writes .demo/demo.json)" }))
      }
    })
  },
}

// React without a plugin: esbuild compiles the JSX. The kit is taken from its sources, so the
// demo needs no build of the kit first.
export default defineConfig({
  plugins: [demoConfig],
  root: fileURLToPath(new URL(".", import.meta.url)),
  esbuild: { jsx: "automatic" },
  resolve: {
    alias: [
      { find: /^medusa-plugin-bnpl-storefront\/react$/, replacement: kit("react/index.tsx") },
      { find: /^medusa-plugin-bnpl-storefront\/styles\.css$/, replacement: fileURLToPath(new URL("../storefront/styles.css", import.meta.url)) },
      { find: /^medusa-plugin-bnpl-storefront$/, replacement: kit("index.ts") },
    ],
  },
  build: { outDir: "dist", emptyOutDir: true, reportCompressedSize: false, chunkSizeWarningLimit: 1000 },
  logLevel: "warn",
})
