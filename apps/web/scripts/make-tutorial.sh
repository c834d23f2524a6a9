#!/usr/bin/env bash
# Builds the how-to-borrow tutorial of /videoIndex (issue 10) from plain colour slides with
# language-neutral pictograms (the words are in the three WebVTT caption files beside it), so one
# small video serves every language. Needs ffmpeg with libx264 and the DejaVu fonts (Debian:
# apt-get install ffmpeg fonts-dejavu-core). Output: public/tutorial/how-to-borrow.{mp4,jpg}.
set -euo pipefail
cd "$(dirname "$0")/../public/tutorial"
font=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf
seconds=3
# step number, pictogram, background (the caption files follow this order, 3 s a slide)
slides=(
  '0|₱|0f766e'
  '1|☎|0f766e'
  '2|✎|0f7b3f'
  '3|✔|874d00'
  '4|₱|0f766e'
  '5|↻|0f7b3f'
)
parts=()
for slide in "${slides[@]}"; do
  IFS='|' read -r step glyph colour <<<"$slide"
  label=$([ "$step" = 0 ] && echo '' || echo "$step")
  out="slide-$step.mp4"
  ffmpeg -loglevel error -y -f lavfi -i "color=c=0x$colour:s=640x360:d=$seconds:r=12" -vf "\
drawbox=x=220:y=60:w=200:h=200:color=white@0.18:t=fill,\
drawtext=fontfile=$font:text='$glyph':fontsize=130:fontcolor=white:x=(w-text_w)/2:y=160-text_h/2,\
drawtext=fontfile=$font:text='$label':fontsize=56:fontcolor=white:x=40:y=32,\
drawbox=x=0:y=330:w=iw*$step/5:h=8:color=white@0.8:t=fill" \
    -c:v libx264 -profile:v baseline -pix_fmt yuv420p -crf 34 -tune stillimage "$out"
  parts+=("file '$out'")
done
printf '%s\n' "${parts[@]}" >slides.txt
ffmpeg -loglevel error -y -f concat -safe 0 -i slides.txt -c:v libx264 -profile:v baseline -pix_fmt yuv420p \
  -crf 34 -tune stillimage -g 36 -movflags +faststart -an how-to-borrow.mp4
# the poster: the first slide
ffmpeg -loglevel error -y -i slide-0.mp4 -frames:v 1 -q:v 6 how-to-borrow.jpg
rm -f slide-*.mp4 slides.txt
ls -l how-to-borrow.*
