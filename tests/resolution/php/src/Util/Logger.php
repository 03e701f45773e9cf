<?php
namespace App\Util;

class Logger
{
    public function log(string $message): void
    {
    }
}
