import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  schema: "./archive/src/db/schema.ts",
  out: "./archive/drizzle",
});
