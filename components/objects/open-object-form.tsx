"use client";
// Opens an object by its poId, for when the ID is known (from an ingest, an email, a record).
import { useState } from "react";
import { useRouter } from "next/navigation";
import { inputClasses, labelClasses } from "@/components/metadata/input-classes";
import { Button } from "@/components/ui/button";

// A box and a button; the object page says whether the archive has the object.
export function OpenObjectForm() {
  const router = useRouter();
  const [poId, setPoId] = useState("");
  return (
    <form
      aria-label="Open an object"
      className="flex flex-wrap items-end gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        const id = poId.trim();
        if (id) router.push(`/objects/${encodeURIComponent(id)}`);
      }}
    >
      <div className="flex min-w-64 flex-1 flex-col gap-1.5">
        <label htmlFor="open-poid" className={labelClasses}>
          Object ID (poId)
        </label>
        <input
          id="open-poid"
          value={poId}
          onChange={(event) => setPoId(event.target.value)}
          autoComplete="off"
          spellCheck={false}
          className={inputClasses("h-10 font-mono")}
        />
      </div>
      <Button type="submit" variant="secondary" disabled={poId.trim() === ""}>
        Open
      </Button>
    </form>
  );
}
