"use client";

import { useId, useSyncExternalStore, type ReactNode, type Ref } from "react";
import { useDropzone } from "react-dropzone";
import { buttonClasses } from "@/components/ui/button";
import { UploadIcon } from "@/components/ui/icons";
import { cn } from "@/lib/utils";

export interface DropAreaProps {
  onFiles: (files: File[]) => void;
  // The accessible name of the file input, e.g. "Files to ingest".
  label: string;
  // One sentence under the button: what may be dropped and what happens to it.
  hint: ReactNode;
  disabled?: boolean;
  // The "Choose files" button, for callers that move focus back to it.
  chooseRef?: Ref<HTMLButtonElement>;
}

const noSubscription = () => () => {};

// Where files enter a form: dropped on the area, or picked with "Choose files". The area takes no
// focus itself, so keyboard users meet one control, the button. Until the page is hydrated nothing
// would receive the files, so the input and the button stay disabled until then.
export function DropArea({
  onFiles,
  label,
  hint,
  disabled: disabledByForm,
  chooseRef,
}: DropAreaProps) {
  const hintId = useId();
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const disabled = disabledByForm || !hydrated;
  const { getRootProps, getInputProps, isDragActive, open } = useDropzone({
    onDrop: (accepted) => accepted.length > 0 && onFiles(accepted),
    noClick: true,
    noKeyboard: true,
    multiple: true,
    disabled,
  });
  return (
    <div
      {...getRootProps({
        className: cn(
          "flex flex-col items-center gap-3 rounded-xl border-2 border-dashed px-6 py-10 text-center transition-colors",
          isDragActive ? "border-accent bg-accent-soft/60" : "border-line-strong bg-surface/60",
          disabled && "opacity-60",
        ),
      })}
    >
      <input {...getInputProps({ "aria-label": label, disabled })} />
      <div className="bg-accent-soft text-accent-soft-ink flex size-12 items-center justify-center rounded-full [&_svg]:size-6">
        <UploadIcon />
      </div>
      <p className="text-ink text-base font-medium">
        {isDragActive ? "Drop the files to add them" : "Drag files here"}
      </p>
      {/* A plain button with the Button look, so callers can hold a ref to it. */}
      <button
        ref={chooseRef}
        type="button"
        className={buttonClasses("secondary")}
        onClick={open}
        disabled={disabled}
        aria-describedby={hintId}
      >
        Choose files
      </button>
      <p id={hintId} className="text-ink-muted max-w-prose text-sm">
        {hint}
      </p>
    </div>
  );
}
