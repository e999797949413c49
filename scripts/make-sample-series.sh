#!/usr/bin/env bash
# Generates the bundled sample series: three short episodes that share an intro and credits, the
# way a season does, so skipping them can be tried and their detection tested with no network and
# no third-party media. Each section is a colour over a tone sequence of its own (a note every half
# second, each section stepping through the scale by its own interval), with half a second of
# silence and black between sections:
#   episode 1: a cold open, the intro, the episode, the credits
#   episode 2: a recap (episode 1's episode, again), the intro, the episode, the credits
#   episode 3: a cold open, a recap (episode 2's), the intro, the episode, the credits
# Each episode is one H.264/AAC rendition in fMP4 HLS segments with a master playlist; the
# sections' times are written to truth.json beside them (what detection must find).
#
# Usage: scripts/make-sample-series.sh [output-dir]   (default web/public/media/series)
#        scripts/make-sample-series.sh --without-intro FILE   one episode with no intro (tests)
#        scripts/make-sample-series.sh --intro-first FILE     one episode that opens with the intro (tests)
set -euo pipefail

gap=0.5
fps=10

# The audio of a section: `seconds` long, stepping `step` semitones every half second, starting
# `phase` seconds into its sequence (a recap replays another episode's sequence from where it was).
tone() { # out seconds step phase
  ffmpeg -hide_banner -loglevel error -y -f lavfi \
    -i "aevalsrc='0.4*sin(2*PI*(t+$4)*220*pow(2\,mod(floor((t+$4)*2)*$3\,12)/12))':s=22050:d=$2" "$1"
}
silence() { # out
  ffmpeg -hide_banner -loglevel error -y -f lavfi -i "anullsrc=r=22050:cl=mono" -t "$gap" "$1"
}
picture() { # out seconds colour
  ffmpeg -hide_banner -loglevel error -y -f lavfi -i "color=c=$3:size=320x180:rate=${fps}:duration=$2" -pix_fmt yuv420p "$1"
}

# One episode from its sections ("kind seconds step phase colour" each); prints the sections'
# start and end times as JSON and writes the episode to $2 (a directory of HLS, or a file).
episode() { # work out sections...
  local work="$1" out="$2"
  shift 2
  mkdir -p "$work"
  : >"$work/audio.txt"
  : >"$work/video.txt"
  local at=0 n=0 json=""
  silence "$work/gap.wav"
  picture "$work/gap.mp4" "$gap" black
  for section in "$@"; do
    read -r kind seconds step phase colour <<<"$section"
    n=$((n + 1))
    if [ "$n" -gt 1 ]; then
      echo "file 'gap.wav'" >>"$work/audio.txt"
      echo "file 'gap.mp4'" >>"$work/video.txt"
      at=$(awk "BEGIN { print $at + $gap }")
    fi
    tone "$work/a$n.wav" "$seconds" "$step" "$phase"
    picture "$work/v$n.mp4" "$seconds" "$colour"
    echo "file 'a$n.wav'" >>"$work/audio.txt"
    echo "file 'v$n.mp4'" >>"$work/video.txt"
    local end
    end=$(awk "BEGIN { print $at + $seconds }")
    json="$json${json:+,}{\"kind\":\"$kind\",\"start\":$at,\"end\":$end}"
    at="$end"
  done
  ffmpeg -hide_banner -loglevel error -y -f concat -safe 0 -i "$work/audio.txt" -c copy "$work/audio.wav"
  ffmpeg -hide_banner -loglevel error -y -f concat -safe 0 -i "$work/video.txt" -c copy "$work/video.mp4"
  local encode=(-map 0:v -map 1:a -c:v libx264 -profile:v baseline -level 3.0 -preset veryfast -pix_fmt yuv420p
    -force_key_frames "expr:gte(t,n_forced*4)" -sc_threshold 0 -b:v 40k -maxrate 60k -bufsize 120k
    -c:a aac -b:a 32k -ac 1 -ar 22050)
  if [ "${out##*.}" = "mp4" ]; then
    ffmpeg -hide_banner -loglevel error -y -i "$work/video.mp4" -i "$work/audio.wav" "${encode[@]}" "$out"
  else
    mkdir -p "$out"
    ffmpeg -hide_banner -loglevel error -y -i "$work/video.mp4" -i "$work/audio.wav" "${encode[@]}" \
      -f hls -hls_segment_type fmp4 -hls_fmp4_init_filename init.mp4 -hls_time 4 -hls_playlist_type vod -hls_list_size 0 \
      -hls_segment_filename "$out/segment-%d.m4s" "$out/index.m3u8"
    printf '#EXTM3U\n#EXT-X-VERSION:7\n#EXT-X-STREAM-INF:BANDWIDTH=90000,RESOLUTION=320x180,CODECS="avc1.42c01e,mp4a.40.2"\nindex.m3u8\n' >"$out/master.m3u8"
  fi
  echo "[$json]"
}

# The sections. The intro steps by 1, the credits by 11; each episode's own part by an interval
# of its own (5, 7, 2); cold opens by 3 and 4. A recap replays the episode before's part from 6 s in.
INTRO="intro 20 1 0 royalblue"
CREDITS="credits 14 11 0 black"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

if [ "${1:-}" = "--without-intro" ]; then
  episode "$work/x" "$2" "cold 8 10 0 darkred" "episode 40 6 0 darkgreen" "$CREDITS" >/dev/null
  exit 0
fi
if [ "${1:-}" = "--intro-first" ]; then
  episode "$work/x" "$2" "$INTRO" "episode 40 6 0 darkgreen" "$CREDITS" >/dev/null
  exit 0
fi

out="${1:-$(cd "$(dirname "$0")/.." && pwd)/web/public/media/series}"
rm -rf "$out"
mkdir -p "$out"
e1=$(episode "$work/1" "$out/e1" "cold 8 3 0 darkred" "$INTRO" "episode 46 5 0 darkgreen" "$CREDITS")
e2=$(episode "$work/2" "$out/e2" "recap 10 5 6 dimgray" "$INTRO" "episode 45 7 0 darkolivegreen" "$CREDITS")
e3=$(episode "$work/3" "$out/e3" "cold 6 4 0 maroon" "recap 8 7 6 dimgray" "$INTRO" "episode 40 2 0 teal" "$CREDITS")
printf '{"episodes":[%s,%s,%s]}\n' "$e1" "$e2" "$e3" >"$out/truth.json"

total=$(du -cb "$out" | tail -1 | cut -f1)
echo "sample series in $out: $(find "$out" -name "*.m4s" | wc -l) segments, $((total / 1024)) KB"
