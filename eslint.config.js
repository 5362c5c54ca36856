// Medusa's own rules (the medusajs/medusa repository's .eslintrc.js: eslint:recommended,
// typescript-eslint recommended, curly, floating promises, prettier for the layout), in
// ESLint's flat config. Run by `npm run lint` (CI runs it before the tests).
const tseslint = require("typescript-eslint")
const reactHooks = require("eslint-plugin-react-hooks")
const prettier = require("eslint-config-prettier")
const globals = require("globals")

module.exports = tseslint.config(
  { ignores: ["node_modules", ".medusa", ".tmp", "src/modules/bnpl/migrations/**"] },
  {
    files: ["src/**/*.{ts,tsx}"],
    extends: [...tseslint.configs.recommended],
    languageOptions: {
      globals: { ...globals.node, ...globals.jest },
      parserOptions: { project: ["./tsconfig.eslint.json", "./src/admin/tsconfig.json"], tsconfigRootDir: __dirname },
    },
    rules: {
      curly: ["error", "all"],
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/await-thenable": "error",
      "@typescript-eslint/no-explicit-any": "off",
      "@typescript-eslint/no-non-null-assertion": "off",
      "@typescript-eslint/no-require-imports": "off",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", ignoreRestSiblings: true }],
    },
  },
  {
    files: ["src/admin/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    languageOptions: { globals: globals.browser },
    // Medusa's set (plugin:react-hooks/recommended before the React Compiler rules).
    rules: { "react-hooks/rules-of-hooks": "error", "react-hooks/exhaustive-deps": "warn" },
  },
  prettier
)
