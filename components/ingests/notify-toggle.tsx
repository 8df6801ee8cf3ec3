"use client";
// "Notify me when this ingest ends": an opt-in browser notification, asked for only on a click.
import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { useIsClient } from "./local-time";

export interface NotifyToggleProps {
  // The SIP's status (null while not known yet), and whether it is final.
  status: string | null;
  terminal: boolean;
  title: string;
}

type Permission = NotificationPermission | "unsupported";

const supported = () => typeof window !== "undefined" && "Notification" in window;

// A button that asks for permission and, once on, notifies when the status becomes final.
export function NotifyToggle({ status, terminal, title }: NotifyToggleProps) {
  const client = useIsClient();
  const [on, setOn] = useState(false);
  const [permission, setPermission] = useState<Permission>(() =>
    supported() ? Notification.permission : "unsupported",
  );
  // Only an ending seen on this page counts: an ingest already over when the page opened is no news.
  const wasRunning = useRef(false);
  useEffect(() => {
    if (status !== null && !terminal) wasRunning.current = true;
    if (!terminal || !on || !wasRunning.current || permission !== "granted") return;
    wasRunning.current = false;
    new Notification(`Ingest ${status === "INGESTED" ? "finished" : "ended"}: ${status ?? ""}`, {
      body: title,
      tag: title,
    });
  }, [terminal, on, permission, status, title]);

  if (!client || terminal) return null;
  if (permission === "unsupported")
    return <p className="text-ink-muted text-xs">This browser cannot show notifications.</p>;
  if (permission === "denied") {
    return (
      <p className="text-ink-muted text-xs">
        Notifications are blocked for this site in the browser&apos;s settings.
      </p>
    );
  }
  async function toggle() {
    if (on) return setOn(false);
    const answer =
      Notification.permission === "default"
        ? await Notification.requestPermission()
        : Notification.permission;
    setPermission(answer);
    setOn(answer === "granted");
  }
  return (
    <Button variant="secondary" size="sm" aria-pressed={on} onClick={() => void toggle()}>
      {on ? "You will be notified when it ends" : "Notify me when this ingest ends"}
    </Button>
  );
}
