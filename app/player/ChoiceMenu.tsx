import { DropdownMenu } from "radix-ui";
import type { ReactNode } from "react";
import { Icon } from "../ui/Icon.tsx";

/** A player button opening a menu of choices, one of them chosen (captions, audio, quality). */
export function ChoiceMenu({
  label,
  icon,
  container,
  value,
  options,
  onSelect,
}: {
  label: string;
  icon: Parameters<typeof Icon>[0]["name"];
  /** Menus open inside the player, so they stay visible in fullscreen. */
  container: HTMLElement | null;
  value: number;
  options: { value: number; label: ReactNode }[];
  onSelect(value: number): void;
}) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className="player-button" aria-label={label} title={label}>
        <Icon name={icon} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal container={container}>
        <DropdownMenu.Content className="player-menu" side="top" align="end" sideOffset={8}>
          <DropdownMenu.Label className="player-menu-label">{label}</DropdownMenu.Label>
          <DropdownMenu.RadioGroup
            value={String(value)}
            onValueChange={(selected) => onSelect(Number(selected))}
          >
            {options.map((option) => (
              <DropdownMenu.RadioItem
                key={option.value}
                value={String(option.value)}
                className="player-menu-item"
              >
                <DropdownMenu.ItemIndicator className="player-menu-check">
                  <Icon name="check" />
                </DropdownMenu.ItemIndicator>
                {option.label}
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
