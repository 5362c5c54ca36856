// Vite gives an imported image as its URL (inlined as a data: URL when small).
declare module "*.svg" {
  const url: string
  export default url
}
