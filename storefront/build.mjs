// Builds the kit to ESM + CJS (esbuild, which comes with vite) and .d.ts (tsc), then prints
// each bundle's size, minified and gzipped: the core must stay small and dependency-free.
import { build } from "esbuild"
import { execFileSync } from "node:child_process"
import { readFileSync, rmSync } from "node:fs"
import { createRequire } from "node:module"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { gzipSync } from "node:zlib"

const here = dirname(fileURLToPath(import.meta.url))
const dist = join(here, "dist")
rmSync(dist, { recursive: true, force: true })

const entries = [
  { name: "index", entry: "src/index.ts", banner: "" },
  // The representative example (its texts in seven languages): apart, so the core stays small.
  { name: "example", entry: "src/example/index.ts", banner: "" },
  // Next.js: the components are client components (they use React state and ids).
  { name: "react", entry: "src/react/index.tsx", banner: '"use client";' },
]
for (const { name, entry, banner } of entries) {
  for (const format of ["esm", "cjs"]) {
    await build({
      absWorkingDir: here,
      entryPoints: [entry],
      outfile: join(dist, `${name}.${format === "esm" ? "mjs" : "cjs"}`),
      bundle: true,
      format,
      platform: "neutral",
      target: "es2020",
      jsx: "automatic",
      external: ["react", "react/jsx-runtime", "react-dom"],
      banner: banner ? { js: banner } : undefined,
      minify: false,
      sourcemap: false,
      logLevel: "warning",
    })
  }
}

const require = createRequire(import.meta.url)
execFileSync(process.execPath, [require.resolve("typescript/bin/tsc"), "-p", join(here, "tsconfig.json")], { stdio: "inherit" })

for (const { name, entry } of entries) {
  const { outputFiles } = await build({
    absWorkingDir: here,
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: "esm",
    minify: true,
    jsx: "automatic",
    external: ["react", "react/jsx-runtime", "react-dom"],
    logLevel: "warning",
  })
  const code = outputFiles[0].contents
  const raw = readFileSync(join(dist, `${name}.mjs`)).length
  console.log(
    `medusa-plugin-bnpl-storefront${name === "index" ? "" : `/${name}`}: ` +
      `${(raw / 1024).toFixed(1)} kB, minified ${(code.length / 1024).toFixed(1)} kB, gzip ${(gzipSync(code).length / 1024).toFixed(1)} kB`
  )
}
