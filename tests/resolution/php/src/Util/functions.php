<?php
namespace App\Util;

function format_num(float $value): string
{
    return (string) $value;
}

function strlen(string $text): int
{
    return 0;
}
