import { Toast } from "radix-ui";
import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Icon } from "../ui/Icon.tsx";
import {
  defaultDuration,
  toastDurationMs,
  type FlashToast,
  type ToastInput,
  type ToastLevel,
} from "./toast.ts";

type ShowToast = (toast: ToastInput) => void;

const ToastContext = createContext<ShowToast | null>(null);

/** Shows a toast (spec section 3, Notice) from client code: `useToast()({ level, message })`. */
export function useToast(): ShowToast {
  const show = useContext(ToastContext);
  if (!show) throw new Error("useToast needs the ToastProvider (app/feedback/SiteFeedback.tsx)");
  return show;
}

interface ShownToast extends Required<ToastInput> {
  id: string;
  open: boolean;
}

// Time for the closing animation before a toast leaves the list.
const EXIT_MS = 200;

/**
 * Radix toasts: announced through a live region (errors assertively), paused while hovered or
 * focused, closed by their button, by Escape once focused (F8 reaches them) or by swiping.
 * `flash` is the toast an action left for this page.
 */
export function ToastProvider({
  flash,
  children,
}: {
  flash: FlashToast | null | undefined;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [toasts, setToasts] = useState<ShownToast[]>([]);
  const [closedFlash, setClosedFlash] = useState<string[]>([]);
  const counter = useRef(0);

  const show = useCallback<ShowToast>((toast) => {
    counter.current += 1;
    const id = `toast-${counter.current}`;
    setToasts((list) => [
      ...list,
      { ...toast, duration: toast.duration ?? defaultDuration(toast.level), id, open: true },
    ]);
  }, []);

  const close = (id: string) => {
    setToasts((list) => list.map((toast) => (toast.id === id ? { ...toast, open: false } : toast)));
    setTimeout(() => setToasts((list) => list.filter((toast) => toast.id !== id)), EXIT_MS);
  };

  // The flash toast comes with the page's data; it shows until closed, and only once.
  const shown: ShownToast[] =
    flash && !closedFlash.includes(flash.id)
      ? [
          {
            id: flash.id,
            level: flash.level,
            message: t(flash.label),
            duration: flash.duration,
            open: true,
          },
          ...toasts,
        ]
      : toasts;

  return (
    <ToastContext.Provider value={show}>
      <Toast.Provider label={t("notifications")} swipeDirection="right">
        {children}
        {shown.map((toast) => (
          <Toast.Root
            key={toast.id}
            className={`toast toast-${toast.level}`}
            type={toast.level === "error" ? "foreground" : "background"}
            duration={toastDurationMs(toast.duration)}
            open={toast.open}
            onOpenChange={(open) => {
              if (open) return;
              if (toast.id === flash?.id) setClosedFlash((ids) => [...ids, toast.id]);
              else close(toast.id);
            }}
          >
            <Toast.Title className="visually-hidden">{t(LEVEL_LABELS[toast.level])}</Toast.Title>
            <Toast.Description className="toast-message">{toast.message}</Toast.Description>
            <Toast.Close className="icon-button toast-close" aria-label={t("close")}>
              <Icon name="close" />
            </Toast.Close>
          </Toast.Root>
        ))}
        <Toast.Viewport className="toast-viewport" />
      </Toast.Provider>
    </ToastContext.Provider>
  );
}

const LEVEL_LABELS = {
  success: "toastSuccess",
  error: "toastError",
  info: "toastInfo",
} as const satisfies Record<ToastLevel, string>;
