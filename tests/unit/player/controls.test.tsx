// @vitest-environment happy-dom
import { act } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { StreamState } from "../../../app/player/engine.ts";
import { INITIAL_MEDIA_STATUS, type MediaStatus } from "../../../app/player/media-status.ts";
import { PlayerControls, type PlayerControlsProps } from "../../../app/player/PlayerControls.tsx";
import { formatDuration } from "../../../app/ui/Card.tsx";
import { i18n, mount, press } from "./render.tsx";

const t = i18n.t.bind(i18n);

const NO_TRACKS: StreamState = {
  qualities: [],
  quality: -1,
  playingQuality: -1,
  audioTracks: [],
  audioTrack: -1,
  textTracks: [],
  textTrack: -1,
};

const PLAYING_VIDEO: MediaStatus = {
  ...INITIAL_MEDIA_STATUS,
  paused: false,
  waiting: false,
  time: 65,
  end: 600,
  volume: 0.5,
};

function callbacks() {
  return {
    onTogglePlay: vi.fn(),
    onSeekBy: vi.fn(),
    onSeekTo: vi.fn(),
    onVolume: vi.fn(),
    onToggleMute: vi.fn(),
    onGoLive: vi.fn(),
    onSelectTextTrack: vi.fn(),
    onSelectAudioTrack: vi.fn(),
    onSelectQuality: vi.fn(),
    onTogglePictureInPicture: vi.fn(),
    onToggleFullscreen: vi.fn(),
  };
}

let view: ReturnType<typeof mount> | undefined;
afterEach(() => {
  view?.unmount();
  view = undefined;
});

async function renderControls(props: Partial<PlayerControlsProps> = {}) {
  view = mount();
  const spies = callbacks();
  const all: PlayerControlsProps = {
    status: PLAYING_VIDEO,
    live: false,
    atEdge: false,
    stream: NO_TRACKS,
    menuContainer: document.body,
    pictureInPictureAvailable: false,
    ...spies,
    ...props,
  };
  await view.render(<PlayerControls {...all} />);
  const { container } = view;
  return {
    props: spies,
    container,
    button: (label: string) =>
      container.querySelector<HTMLButtonElement>(`[aria-label="${label}"]`),
    slider: (label: string) =>
      container.querySelector<HTMLInputElement>(`input[aria-label="${label}"]`)!,
    rerender: (next: Partial<PlayerControlsProps>) =>
      view!.render(<PlayerControls {...all} {...next} />),
  };
}

function click(element: Element) {
  act(() => void element.dispatchEvent(new MouseEvent("click", { bubbles: true })));
}

/** Moves a range input as a viewer does: React listens for the input event. */
function slide(input: HTMLInputElement, value: number) {
  act(() => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!.call(
      input,
      String(value),
    );
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });
}

describe("player controls", () => {
  it("show play while paused and pause while playing, and ask for the toggle on click", async () => {
    const controls = await renderControls({ status: { ...PLAYING_VIDEO, paused: true } });
    expect(controls.button(t("pause"))).toBeNull();
    click(controls.button(t("play"))!);
    expect(controls.props.onTogglePlay).toHaveBeenCalledTimes(1);
    await controls.rerender({ status: PLAYING_VIDEO });
    expect(controls.button(t("play"))).toBeNull();
    expect(controls.button(t("pause"))!.title).toBe(t("pause"));
  });

  it("skip ten seconds either way on a video", async () => {
    const controls = await renderControls();
    click(controls.button(t("playerBack10"))!);
    click(controls.button(t("playerForward10"))!);
    expect(controls.props.onSeekBy.mock.calls).toEqual([[-10], [10]]);
  });

  it("mute or unmute from the current state, with the volume slider at the volume", async () => {
    const controls = await renderControls();
    const volume = controls.slider(t("playerVolume"));
    expect(volume.value).toBe("50");
    expect(volume.getAttribute("aria-valuetext")).toBe("50%");
    click(controls.button(t("playerMute"))!);
    expect(controls.props.onToggleMute).toHaveBeenCalledTimes(1);
    expect(controls.button(t("playerUnmute"))).toBeNull();

    await controls.rerender({ status: { ...PLAYING_VIDEO, muted: true } });
    expect(controls.button(t("playerMute"))).toBeNull();
    expect(controls.button(t("playerUnmute"))).not.toBeNull();
    expect(volume.value).toBe("0");
    expect(volume.getAttribute("aria-valuetext")).toBe("0%");

    slide(volume, 30);
    expect(controls.props.onVolume).toHaveBeenCalledWith(0.3);
  });

  it("show the position on the seek slider and seek where it is moved", async () => {
    const controls = await renderControls();
    const seek = controls.slider(t("playerSeek"));
    expect(seek.disabled).toBe(false);
    expect([seek.min, seek.max, seek.value]).toEqual(["0", "600", "65"]);
    expect(seek.getAttribute("aria-valuetext")).toBe(
      t("playerTimeOf", { time: formatDuration(65), duration: formatDuration(600) }),
    );
    expect(controls.container.querySelector(".player-time")!.textContent).toBe(
      `${formatDuration(65)} / ${formatDuration(600)}`,
    );
    slide(seek, 300);
    expect(controls.props.onSeekTo).toHaveBeenCalledWith(300);
  });

  it("move the seek slider by the player's steps from its keys, and leave other keys alone", async () => {
    const controls = await renderControls({ status: { ...PLAYING_VIDEO, start: 10 } });
    const seek = controls.slider(t("playerSeek"));
    const pressed = ["ArrowRight", "ArrowUp", "ArrowLeft", "ArrowDown", "PageUp", "PageDown"].map(
      (key) => press(seek, key),
    );
    expect(pressed.every((event) => event.defaultPrevented)).toBe(true);
    expect(controls.props.onSeekBy.mock.calls).toEqual([[5], [5], [-5], [-5], [60], [-60]]);
    expect(press(seek, "Home").defaultPrevented).toBe(true);
    expect(press(seek, "End").defaultPrevented).toBe(true);
    expect(controls.props.onSeekTo.mock.calls).toEqual([[10], [600]]);
    expect(press(seek, "k").defaultPrevented).toBe(false);
    expect(controls.props.onSeekBy).toHaveBeenCalledTimes(6);
  });

  it("disable seeking while nothing is known of the media", async () => {
    const controls = await renderControls({ status: INITIAL_MEDIA_STATUS });
    expect(controls.slider(t("playerSeek")).disabled).toBe(true);
  });

  it("offer going live when behind the edge, and show being live at it", async () => {
    const behind = { ...PLAYING_VIDEO, start: 100, time: 340, end: 380, latency: 40 };
    const controls = await renderControls({ live: true, status: behind });
    expect(controls.button(t("playerForward10"))).toBeNull();
    expect(controls.slider(t("playerSeekLive")).getAttribute("aria-valuetext")).toBe(
      t("playerBehindLive", { time: formatDuration(40) }),
    );
    const goLive = controls.button(t("playerGoLive"))!;
    expect(goLive.className).toBe("player-live");
    expect(goLive.dataset.atEdge).toBe("false");
    expect(goLive.textContent).toBe(t("playerGoLive"));
    expect(controls.container.querySelector(".player-time")!.textContent).toBe(
      `-${formatDuration(40)}`,
    );
    click(goLive);
    expect(controls.props.onGoLive).toHaveBeenCalledTimes(1);

    await controls.rerender({ atEdge: true, status: { ...behind, time: 376, latency: 4 } });
    const atEdge = controls.button(t("playerAtLiveEdge"))!;
    expect(atEdge.dataset.atEdge).toBe("true");
    expect(atEdge.textContent).toBe(t("live"));
    expect(controls.button(t("playerGoLive"))).toBeNull();
    expect(controls.container.querySelector(".player-time")!.textContent).toBe("");
  });

  it("offer the stream's qualities, highest first, after the automatic choice", async () => {
    const stream: StreamState = {
      ...NO_TRACKS,
      qualities: [
        { index: 0, height: 360, bitrate: 800_000 },
        { index: 1, height: 720, bitrate: 2_500_000 },
      ],
      quality: -1,
      playingQuality: 1,
    };
    const controls = await renderControls({ stream });
    const trigger = controls.button(t("playerQuality"))!;
    press(trigger, "Enter");
    const items = () => [...document.querySelectorAll('[role="menuitemradio"]')];
    expect(items().map((item) => item.textContent)).toEqual([
      t("playerQualityAutoAt", { height: 720 }),
      "720p",
      "360p",
    ]);
    expect(items()[0]!.getAttribute("aria-checked")).toBe("true");
    click(items()[2]!);
    expect(controls.props.onSelectQuality).toHaveBeenCalledWith(0);
  });

  it("offer no quality menu for a single rendition, nor captions without tracks", async () => {
    const stream = { ...NO_TRACKS, qualities: [{ index: 0, height: 720, bitrate: 1 }] };
    const controls = await renderControls({ stream });
    expect(controls.button(t("playerQuality"))).toBeNull();
    expect(controls.button(t("playerCaptions"))).toBeNull();
  });

  it("toggle full screen and picture in picture where the browser offers it", async () => {
    const controls = await renderControls({ pictureInPictureAvailable: true });
    click(controls.button(t("playerFullscreen"))!);
    click(controls.button(t("playerPictureInPicture"))!);
    expect(controls.props.onToggleFullscreen).toHaveBeenCalledTimes(1);
    expect(controls.props.onTogglePictureInPicture).toHaveBeenCalledTimes(1);
    await controls.rerender({
      pictureInPictureAvailable: false,
      status: { ...PLAYING_VIDEO, fullscreen: true },
    });
    expect(controls.button(t("playerPictureInPicture"))).toBeNull();
    expect(controls.button(t("playerExitFullscreen"))).not.toBeNull();
  });
});
