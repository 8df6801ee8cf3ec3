// drizzle-kit configuration for the archive database (`npm run db:generate` in archive/).
import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  schema: "./src/db/schema.ts",
  out: "./drizzle",
});
