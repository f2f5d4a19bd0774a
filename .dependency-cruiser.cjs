/**
 * The folders' boundaries (docs/decisions/014-layout.md): the host wires the platform and the
 * web app together; neither knows the other or the host; the contract and the page schemas
 * know nothing of ours. `npm test` fails on any import across these lines.
 */
module.exports = {
  forbidden: [
    {
      name: "app-not-to-platform-or-host",
      comment: "The web app reaches the platform only over its API, through app/api-client.",
      severity: "error",
      from: { path: "^app/" },
      to: { path: "^(platform|server)/" },
    },
    {
      name: "platform-stands-alone",
      comment: "The platform is deployable without the web app and the host.",
      severity: "error",
      from: { path: "^platform/" },
      to: { path: "^(app|server|blocks|layouts)/" },
    },
    {
      name: "blocks-only-shared-app-pieces",
      comment: "Blocks and layouts borrow shared pieces (app/ui, app/i18n), never a feature's.",
      severity: "error",
      from: { path: "^(blocks|layouts)/" },
      to: { path: "^(app/(?!ui/|i18n/)|platform/|server/)" },
    },
    {
      name: "contract-and-schemas-know-nothing-of-ours",
      comment: "Both sides import the contract and the page schemas; those import only each other.",
      severity: "error",
      from: { path: "^(contract|schemas)/" },
      to: { path: "^(app|platform|server|blocks|layouts|scripts|tests)/" },
    },
    {
      name: "no-product-code-imports-tests-or-scripts",
      comment: "A block's own tests, kept in its folder, may use the shared test fixtures.",
      severity: "error",
      from: {
        path: "^(app|platform|server|blocks|layouts|contract|schemas)/",
        pathNot: "\\.test\\.tsx?$",
      },
      to: { path: "^(tests|scripts)/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(node_modules|build|public|data|test-results)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".json"],
    },
  },
};
