#!/usr/bin/env bash
# Generate the sample HLS stream in public/media/sample/.
#
# Used as the underlying media for every on-demand video and as looped
# segments for live streams. Output: two renditions (360p, 180p) of a 30 s
# test card, H.264 Main + AAC-LC stereo 48 kHz, 2 s MPEG-TS segments, a VOD
# media playlist per rendition and a master playlist.
#
# Usage: bash scripts/make-sample-media.sh   (or: npm run media)
# Env:   FFMPEG=/path/to/ffmpeg to use a different binary.
set -euo pipefail

FFMPEG="${FFMPEG:-ffmpeg}"
if ! command -v "$FFMPEG" >/dev/null 2>&1; then
  echo "make-sample-media: error: ffmpeg not found ('$FFMPEG'); install it (e.g. apt-get install ffmpeg) or set FFMPEG=/path/to/ffmpeg" >&2
  exit 1
fi

# Run from the repo root, whatever the caller's cwd.
cd "$(dirname "${BASH_SOURCE[0]}")/.."

OUT_DIR="public/media/sample"
DURATION=30        # seconds
FPS=25
SEG=2              # seconds per segment
GOP=$((FPS * SEG)) # 50 frames
MAX_BYTES=4000000  # size budget for the whole folder

# name width height video_kbps maxrate_kbps bufsize_kbps audio_kbps level avc1
# avc1 = "avc1." + profile_idc(0x4d = Main) + constraint flags (0x40: x264 sets
# constraint_set1 for Main) + level_idc (0x1e = 3.0, 0x15 = 2.1). Verified
# against the SPS actually written below.
RENDITIONS=(
  "360p 640 360 500 550 1000 96 3.0 avc1.4d401e"
  "180p 320 180 150 165 300 64 2.1 avc1.4d4015"
)
AUDIO_CODEC="mp4a.40.2" # AAC-LC

# Burnt-in text needs drawtext (libfreetype) and a font; fall back to no text.
FONT=""
if "$FFMPEG" -hide_banner -filters 2>/dev/null | grep -qw drawtext; then
  for f in /usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf \
           /usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf \
           /usr/share/fonts/truetype/liberation/LiberationMono-Bold.ttf; do
    if [[ -f "$f" ]]; then FONT="$f"; break; fi
  done
  if [[ -z "$FONT" ]] && command -v fc-match >/dev/null 2>&1; then
    FONT="$(fc-match -f '%{file}' monospace 2>/dev/null || true)"
    [[ -f "$FONT" ]] || FONT=""
  fi
  [[ -n "$FONT" ]] || echo "make-sample-media: warning: no font found, rendering without burnt-in clock" >&2
else
  echo "make-sample-media: warning: ffmpeg has no drawtext filter, rendering without burnt-in clock" >&2
fi

# Build into a temp dir next to the target, then swap it in (so a failed run
# never leaves a half-written sample folder behind).
TMP_DIR="$(mktemp -d "public/media/.sample.tmp.XXXXXX")"
trap 'rm -rf "$TMP_DIR"' EXIT

run() {
  printf '+'
  printf ' %q' "$@"
  printf '\n'
  "$@"
}

# Print the 3 bytes after the SPS NAL header (profile_idc, constraint flags,
# level_idc) of the first video frame in a segment, as lowercase hex.
sps_bytes() {
  "$FFMPEG" -v error -i "$1" -map 0:v:0 -c:v copy -frames:v 1 -f h264 - |
    od -An -tx1 -v | tr -d '\n' |
    grep -o ' 00 00 01 67 .. .. ..' | head -n1 | awk '{print $5 $6 $7}'
}

master="#EXTM3U
#EXT-X-VERSION:3
#EXT-X-INDEPENDENT-SEGMENTS"

for r in "${RENDITIONS[@]}"; do
  read -r name w h vk maxk bufk ak level avc1 <<<"$r"
  dir="$TMP_DIR/$name"
  mkdir -p "$dir"

  fs=$((h / 9))        # clock font size
  ls_=$((h / 16))      # label font size
  box=$((h / 8))       # moving square
  vf="smptehdbars=size=${w}x${h}:rate=${FPS}:duration=${DURATION}[bars];"
  vf+="color=c=white:size=${box}x${box}:rate=${FPS}:duration=${DURATION}[sq];"
  vf+="[bars][sq]overlay=x='(W-w)*(0.5+0.5*sin(2*PI*t/6))':y='H*0.70':shortest=1"
  if [[ -n "$FONT" ]]; then
    vf+=",drawtext=fontfile='${FONT}':text='SAMPLE ${name}':fontsize=${ls_}:fontcolor=white"
    vf+=":box=1:boxcolor=black@0.6:boxborderw=$((ls_ / 4)):x=(w-text_w)/2:y=h*0.08"
    vf+=",drawtext=fontfile='${FONT}':text='%{pts\\:hms}':fontsize=${fs}:fontcolor=white"
    vf+=":box=1:boxcolor=black@0.6:boxborderw=$((fs / 4)):x=(w-text_w)/2:y=h*0.30"
  fi
  vf+=",format=yuv420p[v];"
  vf+="sine=frequency=440:sample_rate=48000:duration=${DURATION},volume=0.5,"
  vf+="aformat=sample_fmts=fltp:sample_rates=48000:channel_layouts=stereo[a]"

  run "$FFMPEG" -hide_banner -nostdin -loglevel warning -y \
    -filter_complex "$vf" -map '[v]' -map '[a]' \
    -map_metadata -1 -fflags +bitexact -flags:v +bitexact -flags:a +bitexact \
    -c:v libx264 -profile:v main -level:v "$level" -pix_fmt yuv420p -threads:v 1 \
    -preset medium -r "$FPS" -g "$GOP" -keyint_min "$GOP" -sc_threshold 0 \
    -force_key_frames "expr:gte(t,n_forced*${SEG})" \
    -b:v "${vk}k" -maxrate "${maxk}k" -bufsize "${bufk}k" \
    -color_primaries bt709 -color_trc bt709 -colorspace bt709 \
    -c:a aac -profile:a aac_low -b:a "${ak}k" -ar 48000 -ac 2 \
    -f hls -hls_time "$SEG" -hls_list_size 0 -hls_playlist_type vod \
    -hls_flags independent_segments -hls_segment_type mpegts \
    -hls_segment_filename "$dir/seg_%03d.ts" \
    "$dir/index.m3u8"

  # Sanity: 15 segments, and the CODECS string matches the SPS we wrote.
  nseg=$(find "$dir" -name 'seg_*.ts' | wc -l)
  expected=$((DURATION / SEG))
  if [[ "$nseg" -ne "$expected" ]]; then
    echo "make-sample-media: error: $name has $nseg segments, expected $expected" >&2
    exit 1
  fi
  sps="$(sps_bytes "$dir/seg_000.ts")"
  if [[ "avc1.$sps" != "$avc1" ]]; then
    echo "make-sample-media: error: $name SPS says avc1.$sps, expected $avc1" >&2
    exit 1
  fi

  # BANDWIDTH = peak segment bitrate, AVERAGE-BANDWIDTH = mean bitrate, both
  # measured on the real .ts files (so they include audio and TS overhead).
  read -r peak avg < <(
    awk '/^#EXTINF:/ { sub(/^#EXTINF:/, ""); sub(/,.*/, ""); d = $0; next }
         /^seg_.*\.ts$/ { print d, $0 }' "$dir/index.m3u8" |
    while read -r d f; do echo "$d $(stat -c %s "$dir/$f")"; done |
    awk '{ b = $2 * 8 / $1; if (b > p) p = b; tb += $2 * 8; td += $1 }
         END { printf "%d %d\n", p + 0.999, tb / td + 0.999 }'
  )
  master+="
#EXT-X-STREAM-INF:BANDWIDTH=${peak},AVERAGE-BANDWIDTH=${avg},RESOLUTION=${w}x${h},CODECS=\"${avc1},${AUDIO_CODEC}\",FRAME-RATE=${FPS}.000
${name}/index.m3u8"
done

printf '%s\n' "$master" >"$TMP_DIR/master.m3u8"

total=$(find "$TMP_DIR" -type f -printf '%s\n' | awk '{ s += $1 } END { print s + 0 }')
if [[ "$total" -ge "$MAX_BYTES" ]]; then
  echo "make-sample-media: error: output is $total bytes, over the $MAX_BYTES byte budget" >&2
  exit 1
fi

rm -rf "$OUT_DIR"
mv "$TMP_DIR" "$OUT_DIR"
chmod 755 "$OUT_DIR"
trap - EXIT

cat "$OUT_DIR/master.m3u8"
echo "make-sample-media: wrote $OUT_DIR: $total bytes ($(du -sh "$OUT_DIR" | cut -f1) on disk)"
