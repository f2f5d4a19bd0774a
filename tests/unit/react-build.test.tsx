import { describe, expect, it } from "vitest";
import { renderToString } from "react-dom/server";
import { developmentReactFiles, loadedModuleFiles } from "../../server/react-build.ts";

describe("the production server's check for React's development build", () => {
  it("finds the development files among what this process loaded (tests run with NODE_ENV=test)", () => {
    expect(renderToString(<p>loaded</p>)).toBe("<p>loaded</p>");
    const found = developmentReactFiles(loadedModuleFiles());
    expect(found.some((file) => file.endsWith("react.development.js"))).toBe(true);
  });

  it("tells development files from production ones", () => {
    expect(
      developmentReactFiles([
        "/app/node_modules/react/cjs/react.production.min.js",
        "/app/node_modules/react-dom/cjs/react-dom-server.node.production.min.js",
        "/app/node_modules/react-dom/cjs/react-dom-server.node.development.js",
        "/app/node_modules/react-i18next/dist/react.development.js",
        "C:\\app\\node_modules\\react\\cjs\\react-jsx-runtime.development.js",
      ]),
    ).toEqual([
      "/app/node_modules/react-dom/cjs/react-dom-server.node.development.js",
      "C:\\app\\node_modules\\react\\cjs\\react-jsx-runtime.development.js",
    ]);
  });
});
