// PGlite serves one process: a second process opening the same data folder would corrupt it. The
// process that opens it holds ${dataDir}/db.lock (its pid); another finds it held and is refused
// with a sentence, unless the holder is gone (killed), whose lock is then taken over.
import { link, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

export async function lockPgliteFolder(dataDir: string): Promise<() => Promise<void>> {
  const file = path.join(dataDir, "db.lock");
  const temp = `${file}.${process.pid}.tmp`;
  await writeFile(temp, String(process.pid));
  try {
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        // link() fails when the lock exists: the first process to make it holds it.
        await link(temp, file);
        return async () => {
          const holder = await readFile(file, "utf8").catch(() => "");
          if (holder === String(process.pid)) await rm(file, { force: true });
        };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      }
      const holder = Number(await readFile(file, "utf8").catch(() => "0"));
      if (holder && holder !== process.pid && alive(holder)) {
        throw new Error(
          `The archive's database in ${dataDir} is open in another process (pid ${holder}); PGlite serves one process at a time. Stop that process, or use ARCHIVE_DATABASE_URL (PostgreSQL), which several processes share.`,
        );
      }
      await rm(file, { force: true });
    }
    throw new Error(`The lock ${file} could not be taken.`);
  } finally {
    await rm(temp, { force: true });
  }
}
