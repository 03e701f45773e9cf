<?php
namespace App\Legacy;

use App\Util\Logger;
use App\Models\Circle;

// types from docblocks, as code written before PHP 7.4 declares them
class Service
{
    /** @var Logger */
    private $logger;

    /**
     * @var Circle|null
     */
    protected $circle;

    /** @var Logger[] */
    private $many;

    /**
     * @param Logger $log where to write
     * @param int $times
     * @return static
     */
    public function with($log, $times)
    {
        $log->log('with');
        //    ^ defined: src/Util/Logger.php:6
        return $this;
    }

    /** @return Circle */
    public function circle()
    {
        return $this->circle;
    }

    public function run(): void
    {
        $this->logger->log('run');
        //             ^ defined: src/Util/Logger.php:6
        $this->circle->area();
        //             ^ defined: src/Models/Circle.php:13
        $this->with($this->logger, 1)->circle()->name();
        //                             ^ defined: src/Legacy/Service.php:34
        //                                       ^ defined: src/Models/Circle.php:18
        $this->many->log('many');
        //           ^ ambiguous: src/Util/Logger.php:6, src/Other/Logger.php:6
    }

    public function dynamic(): void
    {
        $this->undeclared->log('dynamic');
        //                 ^ ambiguous: src/Util/Logger.php:6, src/Other/Logger.php:6
    }
}
