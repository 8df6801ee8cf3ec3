"use client";
// The rows of a long table worth rendering: those in its scrolled box and a few around them, with
// the space of the others kept by two spacer rows. A thousand packages then cost a few dozen rows
// per render, however often the batch's state changes.
import { useState, type UIEvent } from "react";

export const ROW_HEIGHT = 36;
const VIEW_ROWS = 14;
const AROUND = 4;

export function useRowWindow(count: number) {
  const [scrollTop, setScrollTop] = useState(0);
  const first = Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - AROUND);
  const last = Math.min(count, first + VIEW_ROWS + 2 * AROUND);
  return {
    first,
    last,
    // Heights of the spacer rows before and after the rendered ones.
    before: first * ROW_HEIGHT,
    after: Math.max(0, count - last) * ROW_HEIGHT,
    // The scrolled box: as tall as its rows, at most VIEW_ROWS of them.
    boxHeight: Math.min(count + 1, VIEW_ROWS) * ROW_HEIGHT,
    onScroll: (event: UIEvent<HTMLElement>) => setScrollTop(event.currentTarget.scrollTop),
  };
}
