#!/usr/bin/env bash
# Adds preview thumbnails to an HLS sample made by make-hls-sample.sh, for the player to show while
# the viewer scrubs: one frame a second of the highest rendition, 160x90, tiled into one JPEG
# sprite (thumbnails.jpg), and a WebVTT track (thumbnails.vtt) whose cues name each frame's place
# in the sprite as a media fragment (thumbnails.jpg#xywh=x,y,w,h), the form players read. Runs
# alone on an existing sample too, so the segments need not be made again.
#
# Usage: scripts/add-hls-thumbnails.sh [sample-dir]   (default web/public/media/sample)
set -euo pipefail

dir="${1:-$(cd "$(dirname "$0")/.." && pwd)/web/public/media/sample}"
width=160
height=90
columns=4

rendition="$(ls -d "$dir"/*p/ | sort -V | tail -1)"
duration="$(ffprobe -v error -allowed_extensions ALL -show_entries format=duration -of csv=p=0 "$rendition/index.m3u8")"
count="$(awk -v d="$duration" 'BEGIN { n = int(d); if (n < d) n++; print n }')"
rows=$(((count + columns - 1) / columns))

ffmpeg -hide_banner -loglevel error -y -allowed_extensions ALL -i "$rendition/index.m3u8" \
  -vf "fps=1,scale=${width}:${height},tile=${columns}x${rows}" -frames:v 1 -q:v 4 "$dir/thumbnails.jpg"

clock() { printf '%02d:%02d:%02d.000' $(($1 / 3600)) $(($1 % 3600 / 60)) $(($1 % 60)); }
{
  echo 'WEBVTT'
  for ((i = 0; i < count; i++)); do
    echo
    echo "$(clock "$i") --> $(clock $((i + 1)))"
    echo "thumbnails.jpg#xywh=$((i % columns * width)),$((i / columns * height)),${width},${height}"
  done
} > "$dir/thumbnails.vtt"

echo "thumbnails in $dir: $count frames in a ${columns}x${rows} sprite, $(($(stat -c %s "$dir/thumbnails.jpg") / 1024)) KB"
