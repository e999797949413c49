#!/usr/bin/env bash
# Generates the bundled HLS sample that the embedded catalogue plays, so playback works with no
# network and no third-party media: a test pattern (testsrc2) with a 440 Hz tone, encoded as
# three H.264/AAC renditions (240p, 360p, 480p) in fMP4 segments plus a master playlist,
# WebVTT subtitles in English, Spanish and French (scripts/add-hls-subtitles.mjs), and preview
# thumbnails for the scrub bar (scripts/add-hls-thumbnails.sh: a sprite and its WebVTT track).
# H.264/AAC plays in Safari's native HLS and, through hls.js and Media Source Extensions, in
# Chromium (Debian's build included), Firefox and Edge.
#
# Usage: scripts/make-hls-sample.sh [output-dir]   (default web/public/media/sample)
set -euo pipefail

out="${1:-$(cd "$(dirname "$0")/.." && pwd)/web/public/media/sample}"
seconds=12
segment=4
fps=15

rm -rf "$out"
mkdir -p "$out"

# Keyframes exactly on segment boundaries so every rendition switches cleanly.
ffmpeg -hide_banner -loglevel error -y \
  -f lavfi -i "testsrc2=size=854x480:rate=${fps}:duration=${seconds}" \
  -f lavfi -i "sine=frequency=440:sample_rate=44100:duration=${seconds}" \
  -filter_complex "[0:v]split=3[a][b][c];[a]scale=426:240[v0];[b]scale=640:360[v1];[c]scale=854:480[v2]" \
  -map "[v0]" -map "[v1]" -map "[v2]" -map 1:a -map 1:a -map 1:a \
  -c:v libx264 -profile:v baseline -level 3.0 -preset veryfast -pix_fmt yuv420p \
  -force_key_frames "expr:gte(t,n_forced*${segment})" -sc_threshold 0 \
  -b:v:0 48k -maxrate:v:0 60k -bufsize:v:0 120k \
  -b:v:1 80k -maxrate:v:1 100k -bufsize:v:1 200k \
  -b:v:2 120k -maxrate:v:2 150k -bufsize:v:2 300k \
  -c:a aac -b:a 16k -ac 1 \
  -f hls -hls_segment_type fmp4 -hls_fmp4_init_filename init.mp4 -hls_time "$segment" -hls_playlist_type vod -hls_list_size 0 \
  -hls_segment_filename "$out/%v/segment-%d.m4s" \
  -master_pl_name master.m3u8 \
  -var_stream_map "v:0,a:0,name:240p v:1,a:1,name:360p v:2,a:2,name:480p" \
  "$out/%v/index.m3u8"

node "$(dirname "$0")/add-hls-subtitles.mjs" "$out"
bash "$(dirname "$0")/add-hls-thumbnails.sh" "$out"

total=$(du -cb "$out" | tail -1 | cut -f1)
echo "HLS sample in $out: $(find "$out" -name "*.m4s" | wc -l) segments, $((total / 1024)) KB"
