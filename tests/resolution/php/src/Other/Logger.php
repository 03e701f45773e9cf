<?php
namespace App\Other;

class Logger
{
    public function log(string $message): void
    {
    }
}
